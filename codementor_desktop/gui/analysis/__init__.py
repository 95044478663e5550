"""The analysis in the window: pattern cards and the complexity picture (standalone widgets)."""
