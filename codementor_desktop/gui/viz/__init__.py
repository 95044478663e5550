"""The visualization panel of a trace (``panel.VisualizationPanel``) and the views it holds."""
