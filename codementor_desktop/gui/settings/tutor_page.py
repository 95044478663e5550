"""The tutor's page of the settings dialog, beyond its plain rows: the server presets, the model
and deep model as editable lists filled by "Test connection" (the server's ``GET /models``, asked
off the window's thread, its error shown as the provider words it), and where the key is kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from ...tutor.errors import ProviderError
from ...tutor.provider import Provider, ProviderConfig
from .fields import FieldRow, error_colour, good_colour, tr

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..jobs import Call, Jobs

CUSTOM = "custom"
PRESETS: tuple[tuple[str, str], ...] = (
    ("OpenAI", "https://api.openai.com/v1"),
    ("Ollama", "http://localhost:11434/v1"),
    ("LM Studio", "http://localhost:1234/v1"),
    ("llama.cpp server", "http://localhost:8080/v1"),
)
MODEL_ROWS = ("llm_model", "llm_deep_model")
CHECK_SECONDS = 10.0  # a connection check that takes longer has found no server worth waiting for


def list_models(url: str, key: str) -> tuple[bool, str, list[str]]:
    """Ask the server at ``url`` for its models (in a background thread): reached, what to say, the names."""
    provider = Provider(ProviderConfig(base_url=url, model="", api_key=key, connect_timeout=5.0,
                                       first_token_timeout=CHECK_SECONDS, total_timeout=CHECK_SECONDS))  # fmt: skip
    try:
        names = provider.models()
    except ProviderError as exc:
        return False, str(exc), []
    finally:
        provider.close()
    if not names:
        return True, tr("Reached %s, but it lists no models: load one in the server first.") % url, []
    return True, tr("Reached %s: %d models.") % (url, len(names)), names


class TutorPage(QObject):
    """Added to the dialog's Tutor page once its rows are built; ``checked`` with the connection test's outcome."""

    checked = Signal(bool, str)

    def __init__(
        self,
        dialog: QWidget,
        form: QFormLayout,
        rows: dict[str, FieldRow],
        services: Services,
        jobs: Jobs,
        dark: Callable[[], bool],
    ):
        """On ``dialog``'s ``form``, beside its ``rows``; ``dark()`` says the dialog's theme."""
        super().__init__(dialog)
        self.rows, self.services, self.jobs, self.dark = rows, services, jobs, dark
        self.url_row = rows["llm_base_url"]
        self.call: Call | None = None  # the connection check under way
        self.preset = QComboBox(objectName="tutorPreset")
        for name, url in PRESETS:
            self.preset.addItem(f"{name} ({url})", url)
        self.preset.addItem(tr("Custom address"), CUSTOM)
        self.preset.setAccessibleName(tr("Server preset"))
        self.preset.activated.connect(self._use_preset)
        form.insertRow(1, tr("Server:"), self.preset)
        url_editor = self.url_row.editor
        assert isinstance(url_editor, QLineEdit)
        url_editor.textChanged.connect(self._follow_url)
        self.models = {name: self._as_list(rows[name]) for name in MODEL_ROWS}
        self.check_button = QPushButton(tr("Test connection"), objectName="tutorTest")
        self.check_button.setToolTip(tr("Ask the server which models it has, and list them under Fast and Deep model"))
        self.check_button.clicked.connect(self.check)
        self.check_result = QLabel("", objectName="tutorTestResult", wordWrap=True)
        self.check_result.setTextFormat(Qt.TextFormat.PlainText)
        row = QHBoxLayout()
        row.addWidget(self.check_button, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.check_result, 1)
        form.insertRow(form.rowCount(), "", row)

    @staticmethod
    def _as_list(row: FieldRow) -> QComboBox:
        """The row's line edit inside an editable list: a name can be typed or picked."""
        line = row.editor
        assert isinstance(line, QLineEdit)
        combo = QComboBox(objectName=f"{line.objectName()}_list", editable=True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        layout = row.layout()
        first = layout.itemAt(0) if layout is not None else None
        inner = first.layout() if first is not None else None
        if inner is not None:  # FieldRow's line: the editor, then its note
            inner.replaceWidget(line, combo)
        combo.setLineEdit(line)  # FieldRow keeps reading and writing the same line edit
        combo.setToolTip(line.toolTip())
        return combo

    def show_current(self) -> None:
        """After the rows show their values: the preset of the address, and where the key is kept."""
        self._follow_url(self.url_row.text())
        if self.services.credentials.status == "session only":
            key_row = self.rows["key:llm"]
            key_row.note.setText(tr("kept for this session only"))
            key_row.note.setToolTip(
                tr("This computer has no keyring: a key typed here is kept until CodeMentor closes. "
                   "CODEMENTOR_LLM_API_KEY in the environment is read at each start.")
            )  # fmt: skip
            key_row.note.setVisible(True)
            if isinstance(key_row.editor, QLineEdit):
                key_row.editor.setPlaceholderText(tr("none"))  # "kept in the keyring" would not be true

    def _use_preset(self, index: int) -> None:
        url = self.preset.itemData(index)
        if url != CUSTOM:
            self.url_row.set_value(url)
            return
        editor = self.url_row.editor
        editor.setFocus()
        if isinstance(editor, QLineEdit):
            editor.selectAll()

    def _follow_url(self, text: str) -> None:
        found = self.preset.findData(text.strip().rstrip("/"))
        self.preset.setCurrentIndex(found if found >= 0 else self.preset.findData(CUSTOM))

    # --- the connection test ---------------------------------------------------------------------
    def check(self) -> None:
        """List the models of the server typed in (not yet saved), off the window's thread."""
        url = self.url_row.required(
            tr("Choose a server or write its address first, for example http://localhost:11434/v1.")
        )
        if url is None:
            return
        key = self.rows["key:llm"].value()
        self.check_button.setEnabled(False)
        self.check_result.setStyleSheet("")
        self.check_result.setText(tr("Asking %s for its models…") % url)
        self.call = self.jobs.run(
            lambda: list_models(url, key), self._on_checked, name="tutor-models",
            on_failed=lambda message: self._on_checked((False, message, [])),
        )  # fmt: skip

    def _on_checked(self, outcome: tuple[bool, str, list[str]]) -> None:
        reached, text, names = outcome
        self.check_button.setEnabled(True)
        self.check_result.setText(text)
        colour = good_colour(self.dark()) if reached else error_colour(self.dark())
        self.check_result.setStyleSheet(f"color: {colour};")
        for combo in self.models.values():
            typed = combo.currentText()
            combo.clear()
            combo.addItems(names)
            combo.setEditText(typed)  # the list offers; what was typed stays until a name is picked
        if reached and names:
            for name, combo in self.models.items():
                if not combo.currentText():
                    combo.setEditText(names[0] if name == "llm_model" else "")
        self.checked.emit(reached, text)
