"""The panel tabs under the editor."""
