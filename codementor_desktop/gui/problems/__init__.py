"""The problem browser and the statement view."""
