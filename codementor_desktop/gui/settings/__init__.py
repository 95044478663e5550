"""The settings dialog: ``SettingsCommand.open`` shows it over the window."""

from .command import SettingsCommand

__all__ = ["SettingsCommand"]
