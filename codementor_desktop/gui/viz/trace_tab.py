"""The Trace tab: the player's controls and step slider, the variables (what changed marked), the
call stack with each frame's variables, what was printed so far, the breakpoint's watches, and
why the run stopped early (the loop diagnosis)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSlider,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...visual.replay import DELETED
from .cursor import StepCursor
from .player import SPEEDS, Player
from .predict_box import PredictBox
from .timeline import HIDDEN_TYPES, StepState, TraceTimeline
from .variable_log import reaches

CHANGED = QColor("#fff1b8")
STACK_FRAMES_SHOWN = 40
CHANGED_ON_DARK = QColor("#5c4b16")  # the pale yellow would hide the dark theme's light text
BANNER_STYLES = {
    "info": "background:#e3f2fd; color:#0d47a1; border:1px solid #90caf9;",
    "warning": "background:#fff3e0; color:#8a3c00; border:1px solid #ffb74d;",
    "error": "background:#ffebee; color:#8e0000; border:1px solid #ef9a9a;",
}
DARK_BANNER_STYLES = {
    "info": "background:#10263a; color:#a8d4ff; border:1px solid #2f6a9c;",
    "warning": "background:#3a2810; color:#ffcc80; border:1px solid #9c6a2a;",
    "error": "background:#3d1a1a; color:#ffb3b3; border:1px solid #9c4040;",
}


def on_dark(widget: QWidget) -> bool:
    """Whether ``widget`` is drawn on a dark palette (the dark theme), read from the palette itself
    so that it holds as soon as the palette arrives."""
    return widget.palette().window().color().lightness() < 128


def tr(text: str) -> str:
    return QCoreApplication.translate("TraceTab", text)


NO_TRACE = tr("No trace yet: Trace (F5) runs your code step by step.")


def changed_names(state: StepState) -> set[str]:
    """The running frame's variables that this step changed: assigned, or mutated in place (the
    object itself or one it holds directly, as the Variables tab counts changes)."""
    step = state.step
    names = {name for name in (step.get("changed") or {})}
    patched = step.get("heap")
    if patched:
        touched = {int(key) for key in patched}
        for name, value in state.variables().items():
            if isinstance(value, dict) and "ref" in value and reaches(state.replay, int(value["ref"]), touched):
                names.add(name)
    return names


def _titled(title: str, widget: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    layout.addWidget(QLabel(f"<b>{escape(title)}</b>"))
    layout.addWidget(widget, 1)
    return box


class TraceTab(QWidget):
    def __init__(self, cursor: StepCursor, player: Player, parent: QWidget | None = None):
        super().__init__(parent)
        self.step_cursor = cursor
        self.player = player
        self._printed_end = -1
        self.setObjectName("traceTab")

        controls = QHBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        for action in player.actions():
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            controls.addWidget(button)
        self.speed = QComboBox(objectName="playSpeed")
        for speed in SPEEDS:
            self.speed.addItem(tr("%s steps/s") % speed, speed)
        self.speed.setCurrentIndex(SPEEDS.index(player.speed))
        self.speed.currentIndexChanged.connect(lambda _i: player.set_speed(self.speed.currentData()))
        predict = QToolButton()
        predict.setDefaultAction(player.predict_action)
        controls.addStretch(1)
        self.position = QLabel(NO_TRACE)
        self.position.setObjectName("stepPosition")
        self.position.setWordWrap(True)  # a narrow panel (the tutor's dock beside it) wraps it
        self.position.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.slider = QSlider(Qt.Orientation.Horizontal, objectName="stepSlider")
        self.slider.setRange(0, 0)
        self.slider.valueChanged.connect(cursor.move)
        cursor.moved.connect(self._follow_slider)
        cursor.countChanged.connect(lambda count: self.slider.setRange(0, max(0, count - 1)))

        self._banner_kind = "info"
        self.banner = QLabel("", objectName="traceBanner")
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setWordWrap(True)
        self.banner.setVisible(False)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.variables = self._table(["Variable", "Value"], "traceVariables")
        self.watches = self._table(["Watch", "Value"], "traceWatches")
        self.watches.setVisible(False)
        left = self._left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.variables)
        left.addWidget(self.watches)
        self.stack = QTreeWidget(objectName="traceStack")
        self.stack.setHeaderLabels(["Call stack", "Value"])
        # The names' column is as wide as the names, not as a frame's "function (line n)" (that row
        # spans both columns): the values keep the rest.
        self.stack.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.output = QPlainTextEdit(readOnly=True, objectName="traceOutput")
        self.output.setPlaceholderText(tr("(nothing printed yet)"))
        self.output.setMaximumBlockCount(5000)
        middle = QSplitter(Qt.Orientation.Horizontal)
        middle.addWidget(left)
        middle.addWidget(self.stack)
        middle.addWidget(_titled("Printed so far", self.output))
        middle.setSizes([320, 260, 220])

        self.predict = PredictBox(player)
        self.predict.setVisible(False)
        player.predict_action.toggled.connect(self.predict.setVisible)
        # A breakpoint's stop (its banner and watches) gives way to Predict mode: the learner
        # guesses the steps from there, and the banner would talk about another step.
        self._stop = False
        self._watched = False
        player.predict_action.toggled.connect(lambda _on: self._show_stop())

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        # The speed and predict mode sit beside the slider, so the step buttons alone set how narrow
        # the tab can be.
        timeline = QHBoxLayout()
        timeline.setContentsMargins(0, 0, 0, 0)
        timeline.addWidget(self.slider, 1)
        timeline.addWidget(self.speed)
        timeline.addWidget(predict)
        layout.addLayout(timeline)
        layout.addWidget(self.position)
        layout.addWidget(self.banner)
        layout.addWidget(self.predict)
        layout.addWidget(middle, 1)

    @staticmethod
    def _table(headers: list[str], name: str) -> QTableWidget:
        table = QTableWidget(0, len(headers), objectName=name)
        table.setHorizontalHeaderLabels(headers)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        return table

    def _follow_slider(self, index: int) -> None:
        if self.slider.value() != index:
            self.slider.blockSignals(True)
            self.slider.setValue(index)
            self.slider.blockSignals(False)

    # -- what the panel tells it ------------------------------------------------------------------

    def reset(self) -> None:
        self._printed_end = -1
        self.variables.setRowCount(0)
        self.stack.clear()
        self.output.clear()
        self.watches.setRowCount(0)
        self._watched = False
        self.watches.setVisible(False)
        self.set_message("")

    def show_no_trace(self) -> None:
        """Nothing traced (a new problem): the step line says how to trace."""
        self.reset()
        self.position.setText(NO_TRACE)

    def set_message(self, text: str, kind: str = "info", rich: bool = False) -> None:
        """A line above the tables: why the run stopped, a breakpoint's outcome ('' hides it).
        ``text`` is plain unless ``rich`` says it is already HTML."""
        self.banner.setVisible(bool(text) and not self.quiet)
        self.banner.setText(text if rich else escape(text))
        self._banner_kind = kind
        self._style_banner()

    def _style_banner(self) -> None:
        styles = DARK_BANNER_STYLES if on_dark(self) else BANNER_STYLES
        style = styles.get(self._banner_kind, styles["info"])
        self.banner.setStyleSheet(f"QLabel {{ {style} padding:4px; }}")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """The theme changed: the banner and the changed variables' rows take its colours."""
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "banner"):
            self._style_banner()
            marked = CHANGED_ON_DARK if on_dark(self) else CHANGED
            for row in range(self.variables.rowCount()):
                for column in range(self.variables.columnCount()):
                    item = self.variables.item(row, column)
                    if item is not None and item.background().color() in (CHANGED, CHANGED_ON_DARK):
                        item.setBackground(QBrush(marked))
        super().changeEvent(event)

    def show_pending(self, index: int, count: int) -> None:
        self.position.setText(tr("Step %s of %s · computing…") % (format(index + 1, ","), format(count, ",")))

    def show_state(self, state: StepState, timeline: TraceTimeline) -> None:
        step = state.step
        count = len(timeline)
        line = int(step.get("line", 0))
        where = f"line {line} in {escape(str(step.get('function', '?')))}"
        event = step.get("event")
        if event != "line":
            where += f" ({event})"
        code = timeline.source_line(line)
        if code:
            where += f": <code>{escape(code)}</code>"
        self.position.setText(
            tr("Step <b>%s</b> of %s · %s") % (format(state.index + 1, ","), format(count, ","), where)
        )
        self._show_variables(state)
        self._show_stack(state)
        self._show_output(state, timeline)

    def _show_variables(self, state: StepState) -> None:
        step = state.step
        changed = changed_names(state)
        rows: list[tuple[str, str, bool]] = []
        for name, value in state.variables().items():
            if isinstance(value, dict) and value.get("type") in HIDDEN_TYPES:
                continue
            rows.append((name, state.replay.text(value, 300), name in changed))
        for name, value in (step.get("changed") or {}).items():
            if value == DELETED:
                rows.append((name, "(deleted)", True))
        if step.get("event") == "return" and "return_value" in step:
            rows.append(("↩ returns", state.replay.text(step.get("return_value"), 300), True))
        if step.get("exception"):
            raised = step["exception"]
            rows.append(("⚠ raises", f"{raised.get('type', '')}: {raised.get('message', '')}", True))
        table = self.variables
        table.setRowCount(len(rows))
        bold = QFont()
        bold.setBold(True)
        for row, (name, text, marked) in enumerate(rows):
            for column, content in enumerate((name, text)):
                item = QTableWidgetItem(content)
                item.setToolTip(content[:2000] + ("\n(changed at this step)" if marked else ""))
                if marked:
                    item.setBackground(QBrush(CHANGED_ON_DARK if on_dark(self) else CHANGED))
                    item.setFont(bold)
                table.setItem(row, column, item)

    def _show_stack(self, state: StepState) -> None:
        self.stack.setUpdatesEnabled(False)
        self.stack.clear()
        frames = list(reversed(state.stack))
        for depth, frame in enumerate(frames[:STACK_FRAMES_SHOWN]):
            top = QTreeWidgetItem([f"{frame.function}  (line {frame.line})", ""])
            top.setToolTip(0, top.text(0))  # a long name is cut at the view's edge
            if depth == 0:
                font = top.font(0)
                font.setBold(True)
                top.setFont(0, font)
            for name, value in state.replay.frames.get(frame.uid, {}).items():
                if isinstance(value, dict) and value.get("type") in HIDDEN_TYPES:
                    continue
                text = state.replay.text(value, 200)
                child = QTreeWidgetItem([name, text])
                child.setToolTip(1, text)
                top.addChild(child)
            self.stack.addTopLevelItem(top)
            top.setFirstColumnSpanned(True)
            top.setExpanded(depth < 3)
        if len(frames) > STACK_FRAMES_SHOWN:
            self.stack.addTopLevelItem(QTreeWidgetItem([f"… {len(frames) - STACK_FRAMES_SHOWN:,} more calls", ""]))
        self._fit_stack_names()
        self.stack.setUpdatesEnabled(True)

    def _fit_stack_names(self) -> None:
        """The names' column as wide as its longest name (at most half the view)."""
        metrics = self.stack.fontMetrics()
        names = [item.text(0) for item in self.stack.findItems("*", Qt.MatchFlag.MatchWildcard | Qt.MatchFlag.MatchRecursive)
                 if item.parent() is not None]  # fmt: skip
        widest = max((metrics.horizontalAdvance(name) for name in names), default=0)
        wanted = max(widest + 2 * self.stack.indentation() + 12, self.stack.header().sectionSizeHint(0))
        self.stack.setColumnWidth(0, min(wanted, self.stack.viewport().width() // 2))

    def _show_output(self, state: StepState, timeline: TraceTimeline) -> None:
        end = timeline.stdout_end(state.index)
        if end == self._printed_end:
            return
        self._printed_end = end
        self.output.setPlainText(timeline.stdout_until(state.index))
        self.output.verticalScrollBar().setValue(self.output.verticalScrollBar().maximum())

    def show_watches(self, watches: list[dict]) -> None:
        """A breakpoint's watch expressions and their values (or why one failed)."""
        self._watched = bool(watches)
        self.watches.setVisible(self._watched and not self.quiet)
        sizes = self._left.sizes()
        if watches and sizes[1] < 60:  # hidden until now, the splitter gave it no room
            self._left.setSizes([sum(sizes) * 3 // 5, sum(sizes) * 2 // 5])
        self.watches.setRowCount(len(watches))
        for row, watch in enumerate(watches):
            value = watch.get("value", watch.get("error", ""))
            self.watches.setItem(row, 0, QTableWidgetItem(str(watch.get("expression", ""))))
            item = QTableWidgetItem(str(value))
            if "error" in watch:
                item.setForeground(QBrush(QColor("#c62828")))
            self.watches.setItem(row, 1, item)

    # -- a breakpoint's stop and Predict mode -------------------------------------------------------

    @property
    def quiet(self) -> bool:
        """True while a breakpoint's stop is on show in Predict mode: its banner and watches are hidden."""
        return self._stop and self.player.predict_action.isChecked()

    def mark_stop(self) -> None:
        """The banner and the watches are a breakpoint's stop (hidden while Predict mode is on)."""
        self._stop = True
        self._show_stop()

    def clear_stop(self) -> None:
        """A new trace (or none): the banner is no longer a breakpoint's."""
        self._stop = False
        self._show_stop()

    def _show_stop(self) -> None:
        self.banner.setVisible(bool(self.banner.text()) and not self.quiet)
        self.watches.setVisible(self._watched and not self.quiet)
