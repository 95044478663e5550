"""Run for code of no problem (a scratch buffer or a file): the code runs once (``bp_execute``),
its output, errors, returned value and time go to the Output tab, and the status bar says how it
ended. There are no tests, so nothing is judged and Submit stays off."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from .session import ResultKind
from .status import meaning

if TYPE_CHECKING:
    from ..tools.services import Services
    from .editor.code_editor import CodeEditor
    from .jobs import Call, Jobs
    from .panels.output_view import OutputView
    from .session import Session


def tr(text: str) -> str:
    return QCoreApplication.translate("ScratchRun", text)


class ScratchRun(QObject):
    """Run while a scratch buffer or a file is open: in the window's lane, its answer in Output."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        editor: CodeEditor,
        output: OutputView,
        say: Callable[[str], None],
        show_output: Callable[[], None],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.editor, self.output, self.say, self.show_output = editor, output, say, show_output

    def run(self) -> Call:
        self.editor.clear_diagnostics()
        arguments = {
            "language": self.session.language,
            "code": self.editor.text(),
            "timeout_seconds": int(self.services.settings.timeout_seconds),
        }
        self.output.show_text("")
        self.show_output()
        serial = self.session.code_serial
        return self.jobs.call(
            "bp_execute",
            arguments,
            lambda result: self._done(result, serial),
            on_failed=lambda message: self.output.show_text(tr("The run could not start: %s") % message),
        )

    def _done(self, result: dict, serial: int) -> None:
        self.session.show(ResultKind.SCRATCH, result, serial)
        self.output.show_text(output_text(result))
        self.show_output()
        line = result.get("line_number")
        if line and result.get("error_message"):
            self.editor.annotate_error(int(line), result["error_message"])
        self.say(ending_sentence(result))


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
