"""The code editor (Scintilla through pyside6-scintilla, lexers from lexilla)."""
