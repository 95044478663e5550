"""The tutor: an OpenAI-compatible provider and the agent loop that runs tools for a model.

Qt-free: the window and the command line render the loop's events; they do not reach inside.
"""
