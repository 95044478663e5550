"""The tutor's chat pane: the conversation, its tool cards, its buttons, and the worker that runs turns."""
