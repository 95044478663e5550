"""The window's debugger: Trace and Run to breakpoint, the editor's breakpoints and step marks."""
