"""The settings dialog's tutor page: the server presets, "Test connection" listing a real loopback
server's models into the model lists (and its errors, without the key), where the key is kept, and
the tutor's settings saved to the file."""

from __future__ import annotations

import os
import tomllib

from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox, QLineEdit

from codementor_desktop.gui.settings.dialog import SettingsDialog
from codementor_desktop.gui.settings.tutor_page import CUSTOM
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.piston_server import refused_address

SHOTS = os.environ.get("CODEMENTOR_SHOTS")


def dialog_of(window) -> SettingsDialog:
    window.settings_action.trigger()
    (dialog,) = [d for d in window.findChildren(SettingsDialog) if d.isVisible()]
    dialog.tabs.setCurrentIndex(2)  # the Tutor page
    return dialog


def line(dialog: SettingsDialog, name: str) -> QLineEdit:
    editor = dialog.rows[name].editor
    assert isinstance(editor, QLineEdit)
    return editor


def test_a_preset_fills_the_address_and_an_address_finds_its_preset(window, qtbot):
    dialog = dialog_of(window)
    page = dialog.tutor
    assert page.preset.currentData() == CUSTOM  # nothing set yet
    page.preset.setCurrentIndex(page.preset.findData("http://localhost:11434/v1"))
    page.preset.activated.emit(page.preset.currentIndex())
    assert line(dialog, "llm_base_url").text() == "http://localhost:11434/v1"
    line(dialog, "llm_base_url").setText("http://localhost:1234/v1/")
    assert page.preset.currentText().startswith("LM Studio")
    line(dialog, "llm_base_url").setText("https://llm.school.example/v1")
    assert page.preset.currentData() == CUSTOM
    dialog.reject()


def test_test_connection_lists_the_models_and_a_picked_one_is_saved(window, qtbot, tmp_path):
    dialog = dialog_of(window)
    page = dialog.tutor
    with FakeOpenAI(models=["qwen2.5-coder:7b", "llama3.1:70b"]) as server:
        line(dialog, "llm_base_url").setText(server.base_url)
        with qtbot.waitSignal(page.checked, timeout=15_000) as checked:
            page.check_button.click()
    assert checked.args == [True, f"Reached {server.base_url}: 2 models."]
    assert server.requests[-1]["method"] == "GET" and server.requests[-1]["path"].endswith("/models")
    fast, deep = page.models["llm_model"], page.models["llm_deep_model"]
    assert [fast.itemText(i) for i in range(fast.count())] == ["llama3.1:70b", "qwen2.5-coder:7b"]
    assert (
        fast.currentText() == "llama3.1:70b" and deep.currentText() == ""
    )  # the fast one proposed, deep left to choose
    image = dialog.grab()  # to look at: the page with its lists filled
    assert image.save(str(tmp_path / "settings-tutor.png"))
    if SHOTS:
        image.save(os.path.join(SHOTS, "settings-tutor.png"))
    deep.setCurrentIndex(deep.findText("llama3.1:70b"))
    fast.setCurrentIndex(fast.findText("qwen2.5-coder:7b"))
    tools = dialog.rows["llm_tool_set"].editor
    assert isinstance(tools, QComboBox)
    tools.setCurrentIndex(tools.findData("reduced"))
    line(dialog, "llm_deep_daily_calls").setText("5")
    keep = dialog.rows["tutor_keep_insights"].editor
    assert isinstance(keep, QCheckBox) and keep.isChecked()
    keep.setChecked(False)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    written = tomllib.loads(window.services.paths.settings_file.read_text())
    assert {k: written[k] for k in ("llm_base_url", "llm_model", "llm_deep_model", "llm_tool_set",
                                    "llm_deep_daily_calls", "tutor_keep_insights")} == {
        "llm_base_url": server.base_url, "llm_model": "qwen2.5-coder:7b", "llm_deep_model": "llama3.1:70b",
        "llm_tool_set": "reduced", "llm_deep_daily_calls": 5, "tutor_keep_insights": False,
    }  # fmt: skip


def test_a_refused_key_and_a_server_that_is_down_are_said_without_the_key(window, qtbot):
    dialog = dialog_of(window)
    page = dialog.tutor
    secret = "sk-wrong-key-0123456789abcdef"
    with FakeOpenAI(key="sk-right") as server:
        line(dialog, "llm_base_url").setText(server.base_url)
        line(dialog, "key:llm").setText(secret)
        with qtbot.waitSignal(page.checked, timeout=15_000) as checked:
            page.check_button.click()
    reached, said = checked.args
    assert not reached and "refused the API key (401)" in said and page.check_result.text() == said
    assert secret not in said and secret[:8] not in said and secret[-6:] not in said
    line(dialog, "llm_base_url").setText(f"{refused_address()}/v1")
    with qtbot.waitSignal(page.checked, timeout=15_000) as checked:
        page.check_button.click()
    assert checked.args[0] is False and "Could not reach the model server" in checked.args[1]
    line(dialog, "llm_base_url").setText("localhost:11434")
    page.check_button.click()  # refused before anything is asked
    assert "http://" in dialog.rows["llm_base_url"].error.text() and page.check_button.isEnabled()
    dialog.reject()


def test_with_no_keyring_the_key_is_said_to_be_kept_for_the_session(window, qtbot):
    assert window.services.credentials.status == "session only"  # the tests' credentials have no keyring
    dialog = dialog_of(window)
    note = dialog.rows["key:llm"].note
    assert note.isVisibleTo(dialog) and note.text() == "kept for this session only"
    line(dialog, "key:llm").setText("sk-session-key")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Apply).click()
    assert window.services.credentials.get("llm") == "sk-session-key"
    assert "sk-session-key" not in window.services.paths.settings_file.read_text()
    dialog.reject()
