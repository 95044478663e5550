"""Qt-free renderers: data structures and execution diagrams as ASCII, SVG and Mermaid text.

Tree and graph layouts come from networkx here, so the window's views draw the same positions.
Traces are read through ``replay.Replay``; nothing here runs the learner's code.
"""
