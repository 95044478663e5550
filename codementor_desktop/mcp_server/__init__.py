"""The Model Context Protocol server: the registry's tools, the problem bank, runs and traces, and
the tutor's prompts, for any assistant that speaks MCP (``codementor mcp``).

Nothing is written twice: tool names, descriptions and schemas come from the registry, each call
goes through ``ToolRegistry.call`` as ``caller=model`` for the current local learner.
"""
