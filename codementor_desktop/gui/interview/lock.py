"""The window's side of the interview lock: the actions and widgets that are off while a mock
interview is under way, each with the tooltip "Off during the mock interview".

A part hands its controls over once (``hold``); the session's ``InterviewLock`` then turns them off
and on. A control its owner enables again during the interview (a hint counted, a problem's state
redrawn) is turned off again at once, and gets back what its owner last wanted when the lock is
released: no part needs to know about interviews beyond handing its controls over.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from ..session import InterviewLock


def tr(text: str) -> str:
    return QCoreApplication.translate("Interview", text)


class LockedControls(QObject):
    """The controls ``lock`` turns off. ``hide`` ones are also hidden (the tutor's dock)."""

    def __init__(self, lock: InterviewLock, parent: QObject | None = None):
        super().__init__(parent)
        self.lock = lock
        self._wanted: dict[QAction | QWidget, tuple[bool, str]] = {}  # enabled, tooltip: the owner's
        self._hidden: dict[QWidget, bool] = {}
        self._applying = False
        lock.changed.connect(self._changed)

    @property
    def tip(self) -> str:
        return tr(InterviewLock.TIP)

    def hold(self, *controls: QAction | QWidget | None) -> None:
        """Turn ``controls`` off whenever an interview is under way (None is skipped: a part not built)."""
        for control in controls:
            if control is None or control in self._wanted:
                continue
            self._wanted[control] = (control.isEnabled(), control.toolTip())
            if isinstance(control, QAction):
                control.changed.connect(lambda c=control: self._owner_changed(c))
            else:
                control.installEventFilter(self)
            if self.lock.on:
                self._off(control)

    def hide_while_locked(self, widget: QWidget) -> None:
        """``widget`` goes out of sight during the interview and comes back after, as it was."""
        self._hidden[widget] = widget.isVisible()
        if self.lock.on:
            widget.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.Type.EnabledChange, QEvent.Type.ToolTipChange) and isinstance(watched, QWidget):
            self._owner_changed(watched)
        return False

    def _owner_changed(self, control: QAction | QWidget) -> None:
        if self._applying or not self.lock.on or control not in self._wanted:
            return
        enabled, tooltip = self._wanted[control]
        if control.isEnabled():
            enabled = True
        if control.toolTip() != self.tip:
            tooltip = control.toolTip()
        self._wanted[control] = (enabled, tooltip)
        self._off(control)

    def _off(self, control: QAction | QWidget) -> None:
        self._applying = True
        try:
            control.setEnabled(False)
            control.setToolTip(self.tip)
            if isinstance(control, QAction):
                control.setStatusTip(self.tip)
        finally:
            self._applying = False

    def _changed(self, on: bool) -> None:
        if on:
            for control in self._wanted:
                self._wanted[control] = (control.isEnabled(), control.toolTip())
                self._off(control)
            for widget in self._hidden:
                self._hidden[widget] = widget.isVisible()
                widget.hide()
            return
        self._applying = True
        try:
            for control, (enabled, tooltip) in self._wanted.items():
                control.setEnabled(enabled)
                control.setToolTip(tooltip)
                if isinstance(control, QAction):
                    control.setStatusTip(tooltip)
        finally:
            self._applying = False
        for widget, visible in self._hidden.items():
            widget.setVisible(visible)
