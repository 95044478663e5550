"""Run for code of no problem (a scratch buffer or a file): the code runs once (``bp_execute``),
its output, errors, returned value and time go to the Output tab, and the status bar says how it
ended. There are no tests, so nothing is judged and Submit stays off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from .status import meaning

if TYPE_CHECKING:
    from .main_window import MainWindow


def tr(text: str) -> str:
    return QCoreApplication.translate("ScratchRun", text)


class ScratchRun(QObject):
    """The window's Run while a scratch buffer or a file is open."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.job = 0
        self._starting = False
        # Connected before the window's own handlers: the job is known as ours when they run.
        window.worker.started.connect(self._on_started)
        window.worker.result.connect(self._on_result)
        window.worker.error.connect(self._on_error)

    def owns(self, job: int) -> bool:
        return job != 0 and job == self.job

    def run(self) -> int | None:
        window = self.window
        window.editor.clear_diagnostics()
        arguments = {
            "language": window.current_language,
            "code": window.editor.text(),
            "timeout_seconds": int(window.services.settings.timeout_seconds),
        }
        window.output.show_text("")
        window.show_tab(window.output)
        self._starting = True
        try:
            return window.worker.submit("bp_execute", arguments)
        finally:
            self._starting = False

    def _on_started(self, job: int, _name: str) -> None:
        self.job = job if self._starting else 0  # another job replaced ours

    def _on_result(self, job: int, result: dict) -> None:
        if not self.owns(job):
            return
        window = self.window
        window.output.show_text(output_text(result))
        window.panels.setCurrentWidget(window.output)
        line = result.get("line_number")
        if line and result.get("error_message"):
            window.editor.annotate_error(int(line), result["error_message"])
        window.say(ending_sentence(result))

    def _on_error(self, job: int, message: str) -> None:
        if self.owns(job):
            self.window.output.show_text(tr("The run could not start: %s") % message)


def output_text(result: dict) -> str:
    """What the program printed, then its errors and what it returned, then how long it took."""
    parts = [result.get("stdout") or ""]
    if result.get("stderr"):
        parts.append(tr("--- errors ---") + "\n" + result["stderr"].rstrip("\n") + "\n")
    if result.get("return_value") is not None:
        parts.append(tr("--- returned ---") + f"\n{result['return_value']!r}\n")
    if not any(parts):
        parts.append(tr("(nothing printed)") + "\n")
    time_ms = result.get("execution_time_ms")
    if time_ms is not None:
        parts.append(tr("--- ran in %s ---") % milliseconds(time_ms) + "\n")
    return "\n".join(p for p in parts if p).rstrip("\n") + "\n"


def milliseconds(value: float) -> str:
    if value < 0.1:
        return tr("under 0.1 ms")
    return f"{value:.1f} ms" if value < 10 else f"{value:.0f} ms"


def ending_sentence(result: dict) -> str:
    """``Your code ran in 3.2 ms.``, or how it stopped and where."""
    verdict = result.get("verdict")
    if result.get("status") == "success" or verdict == "AC":
        return tr("Your code ran in %s.") % milliseconds(float(result.get("execution_time_ms") or 0))
    words = meaning(verdict) if verdict else tr("it did not finish")
    line = result.get("line_number")
    where = tr(" on line %s") % line if line else ""
    return tr("Your code stopped: %s%s.") % (words, where)
