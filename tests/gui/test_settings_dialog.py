"""The settings dialog: saved to the real settings file and read back, locked settings shown and
kept, keys in the keyring (or the session), the Piston test against a real loopback server and a
closed port, refused values explained beside their fields."""

from __future__ import annotations

import os
import tomllib

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox, QLineEdit

from codementor_desktop.gui.settings.dialog import SettingsDialog
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.storage.settings import load_settings
from codementor_desktop.tools.services import Services
from tests.fakes.piston_server import FakePiston, refused_address
from tests.gui.conftest import make_window, window_leftovers

SHOTS = os.environ.get("CODEMENTOR_SHOTS")


def dialog_of(window) -> SettingsDialog:
    window.settings_action.trigger()
    shown = [d for d in window.findChildren(SettingsDialog) if d.isVisible()]
    assert len(shown) == 1
    return shown[0]


def type_into(dialog: SettingsDialog, name: str, text: str) -> None:
    editor = dialog.rows[name].editor
    assert isinstance(editor, QLineEdit)
    editor.setText(text)


def choose(dialog: SettingsDialog, name: str, value: str) -> None:
    editor = dialog.rows[name].editor
    assert isinstance(editor, QComboBox)
    editor.setCurrentIndex(editor.findData(value))


def press(dialog: SettingsDialog, which: QDialogButtonBox.StandardButton) -> None:
    button = dialog.buttons.button(which)
    assert button is not None
    button.click()


def test_settings_are_saved_to_the_file_and_shown_again(window, qtbot, isolated_home):
    dialog = dialog_of(window)
    type_into(dialog, "timeout_seconds", "3")
    type_into(dialog, "memory_mb", "128")
    type_into(dialog, "llm_model", "small-model")
    choose(dialog, "theme", "dark")
    type_into(dialog, "font_size", "14")
    press(dialog, QDialogButtonBox.StandardButton.Ok)
    assert not dialog.isVisible()
    # Applied at once: the theme of the whole window, the editor's font.
    assert window.property("theme") == "dark" and window.theme_actions["dark"].isChecked()
    assert window.editor.styleSize(0) == 14
    # Saved: the real file has what was changed, and only that.
    written = tomllib.loads(window.services.paths.settings_file.read_text())
    assert {k: written[k] for k in ("timeout_seconds", "memory_mb", "llm_model", "theme", "font_size")} == {
        "timeout_seconds": 3.0, "memory_mb": 128, "llm_model": "small-model", "theme": "dark", "font_size": 14,
    }  # fmt: skip
    assert set(written) <= {"timeout_seconds", "memory_mb", "llm_model", "theme", "font_size", "schema_version"}
    again = load_settings()
    assert again.settings.timeout_seconds == 3.0 and again.settings.llm_model == "small-model"
    # A dialog opened again shows what was saved.
    reopened = dialog_of(window)
    assert reopened.rows["memory_mb"].text() == "128" and reopened.rows["theme"].value() == "dark"
    reopened.reject()


def test_a_refused_value_is_explained_beside_its_field_and_nothing_changes(window, qtbot):
    dialog = dialog_of(window)
    type_into(dialog, "piston_url", "localhost:2000")
    type_into(dialog, "memory_mb", "4096")
    type_into(dialog, "llm_model", "kept-while-refused")
    press(dialog, QDialogButtonBox.StandardButton.Ok)
    assert dialog.isVisible()  # OK did not close it: the values are still there to correct
    url_error = dialog.rows["piston_url"].error
    assert url_error.isVisibleTo(dialog) and "http://" in url_error.text() and "localhost:2000" in url_error.text()
    memory_error = dialog.rows["memory_mb"].error.text()
    assert "from 16 to 512 MB" in memory_error and "4096" in memory_error
    assert dialog.tabs.currentIndex() == 0  # the page of the first refused value
    assert window.services.settings.llm_model == "" and window.services.settings.memory_mb == 256
    assert not window.services.paths.settings_file.exists()
    assert dialog.rows["llm_model"].text() == "kept-while-refused"  # nothing typed is lost
    type_into(dialog, "piston_url", "http://localhost:2000")
    type_into(dialog, "memory_mb", "300")
    press(dialog, QDialogButtonBox.StandardButton.Apply)
    assert not dialog.rows["memory_mb"].error.isVisibleTo(dialog)
    assert window.services.settings.memory_mb == 300 and window.services.settings.llm_model == "kept-while-refused"
    dialog.reject()


def test_the_piston_choice_needs_an_address(window, qtbot):
    dialog = dialog_of(window)
    choose(dialog, "backend", "piston")
    press(dialog, QDialogButtonBox.StandardButton.Apply)
    assert "needs its address" in dialog.rows["piston_url"].error.text()
    assert window.services.settings.backend == "local"
    dialog.reject()


def test_a_locked_setting_is_disabled_says_why_and_is_not_written(qtbot, isolated_home):
    system = isolated_home / "system"
    system.mkdir(parents=True, exist_ok=True)
    (system / "settings.toml").write_text('locked = ["memory_mb", "backend"]\nmemory_mb = 128\n')
    services = Services.build(credentials=Credentials(environ={}, use_keyring=False))
    main = make_window(qtbot, services)
    try:
        dialog = dialog_of(main)
        row = dialog.rows["memory_mb"]
        assert not row.editor.isEnabled() and not dialog.rows["backend"].editor.isEnabled()
        assert "administrator" in row.editor.toolTip() and str(system / "settings.toml") in row.editor.toolTip()
        assert row.text() == "128"
        if SHOTS:
            dialog.tabs.setCurrentIndex(1)
            dialog.grab().save(os.path.join(SHOTS, "settings-locked.png"))
            dialog.tabs.setCurrentIndex(0)
        row.editor.setText("512")  # even if it were changed somehow, it is not taken
        type_into(dialog, "font_size", "13")
        press(dialog, QDialogButtonBox.StandardButton.Ok)
        written = tomllib.loads(services.paths.settings_file.read_text())
        assert "memory_mb" not in written and "backend" not in written and written["font_size"] == 13
        assert services.settings.memory_mb == 128
    finally:
        main.close()
        services.close()
    assert window_leftovers(main) == []


def test_a_key_goes_to_the_credentials_never_to_the_file(window, qtbot, isolated_home):
    dialog = dialog_of(window)
    type_into(dialog, "key:llm", "sk-secret-123")
    type_into(dialog, "llm_base_url", "https://tutor.example/v1")
    press(dialog, QDialogButtonBox.StandardButton.Ok)
    # The services' credentials here are the session fallback (no keyring backend in tests).
    assert window.services.credentials.get("llm") == "sk-secret-123"
    assert not any("sk-secret-123" in p.read_text(errors="ignore") for p in isolated_home.rglob("*") if p.is_file())
    assert "sk-secret-123" not in window.services.paths.settings_file.read_text()


def test_switching_to_piston_runs_the_next_run_there(window, qtbot):
    with FakePiston() as server:
        dialog = dialog_of(window)
        choose(dialog, "backend", "piston")
        type_into(dialog, "piston_url", server.url)
        press(dialog, QDialogButtonBox.StandardButton.Ok)
        assert window.services.backend_name == "piston" and window.backend_label.text().startswith("piston")
        before = len(server.requests)
        window.run_code()
        assert len(server.requests) > before  # the run went to the server, without a restart
        assert window.tests.verdicts()


def test_the_piston_test_says_what_the_server_runs(window, qtbot):
    with FakePiston() as server:
        dialog = dialog_of(window)
        type_into(dialog, "piston_url", server.url)
        with qtbot.waitSignal(dialog.tested, timeout=20_000) as signal:
            dialog.test_button.click()
        reached, text = signal.args
        assert reached and text == "Reached Piston: javascript 20.11.1, python 3.11.9."
        assert dialog.test_result.text() == text and dialog.test_button.isEnabled()
        dialog.reject()


def test_the_piston_test_says_why_a_closed_port_cannot_be_reached(window, qtbot):
    dialog = dialog_of(window)
    address = refused_address()
    type_into(dialog, "piston_url", address)
    with qtbot.waitSignal(dialog.tested, timeout=20_000) as signal:
        dialog.test_button.click()
    assert signal.args == [False, f"Could not reach {address}: connection refused."]
    dialog.reject()


def test_the_piston_test_refuses_an_address_without_scheme(window, qtbot):
    dialog = dialog_of(window)
    type_into(dialog, "piston_url", "piston.example:2000")
    dialog.test_button.click()
    assert "http://" in dialog.rows["piston_url"].error.text()
    assert dialog.test_result.text() == ""  # nothing was asked
    dialog.reject()


def test_the_data_page_shows_where_the_data_lives(window):
    dialog = dialog_of(window)
    assert dialog.data_folder.text() == str(window.services.paths.data_dir) and dialog.data_folder.isReadOnly()
    assert dialog.rows["database_url"].note.text() == "applies after restart"
    assert isinstance(dialog.rows["containment_seccomp"].editor, QCheckBox)
    dialog.reject()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshot_of_the_settings_dialog(window, qtbot, tmp_path, theme):
    window.set_theme(theme, save=False)
    dialog = window.settings_command.open()
    assert dialog is not None and window.settings_command.open() is dialog
    type_into(dialog, "piston_url", "localhost:2000")
    press(dialog, QDialogButtonBox.StandardButton.Apply)  # a refused value, to see it beside its field
    qtbot.waitUntil(lambda: dialog.rows["piston_url"].error.isVisible())
    image = dialog.grab().toImage()
    path = tmp_path / f"settings-{theme}.png"
    assert image.save(str(path))
    if SHOTS:
        image.save(os.path.join(SHOTS, path.name))
    dark_pixels = image.pixelColor(5, 5).lightness() < 100
    assert dark_pixels == (theme == "dark")
    for index in range(1, dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        page = tmp_path / f"settings-{theme}-{dialog.tabs.tabText(index).lower()}.png"
        assert dialog.grab().save(str(page))
        if SHOTS:
            dialog.grab().save(os.path.join(SHOTS, page.name))
    dialog.reject()


def test_a_key_goes_to_the_keyring_when_there_is_one(qtbot, isolated_home):
    import keyring
    from keyring.backend import KeyringBackend

    class TestKeyring(KeyringBackend):
        """A keyring in memory: the keyring API as the OS keyrings implement it."""

        priority = 1  # type: ignore[assignment]

        def __init__(self):
            super().__init__()
            self.stored: dict[tuple[str, str], str] = {}

        def get_password(self, service, username):
            return self.stored.get((service, username))

        def set_password(self, service, username, password):
            self.stored[(service, username)] = password

        def delete_password(self, service, username):
            self.stored.pop((service, username), None)

    before = keyring.get_keyring()
    backend = TestKeyring()
    keyring.set_keyring(backend)
    services = Services.build(credentials=Credentials(environ={}, use_keyring=True))
    main = make_window(qtbot, services)
    try:
        dialog = dialog_of(main)
        type_into(dialog, "key:piston", "pk-456")
        press(dialog, QDialogButtonBox.StandardButton.Ok)
        assert backend.stored == {("codementor-desktop", "piston"): "pk-456"}
        assert services.credentials.status == "keyring"
        assert dialog_of(main).rows["key:piston"].value() == "pk-456"  # read back from the keyring
        assert "pk-456" not in services.paths.settings_file.read_text()
    finally:
        for shown in main.findChildren(SettingsDialog):
            shown.reject()
        main.close()
        services.close()
        keyring.set_keyring(before)


def test_a_limit_changed_in_the_dialog_holds_for_the_next_run(window, qtbot):
    window.browser.select("two-sum")
    window.editor.set_text("def two_sum(nums, target):\n    print('x' * 40000)\n    return [0, 1]\n")
    window.run_code()
    assert "OLE" not in window.tests.verdicts()
    dialog = dialog_of(window)
    type_into(dialog, "output_kb", "16")
    press(dialog, QDialogButtonBox.StandardButton.Ok)
    window.run_code()
    assert window.tests.verdicts()[0] == "OLE"


def test_a_setting_from_the_environment_says_so(qtbot, isolated_home, monkeypatch):
    monkeypatch.setenv("CODEMENTOR_TIMEOUT", "7")
    services = Services.build(credentials=Credentials(environ={}, use_keyring=False))
    main = make_window(qtbot, services)
    try:
        row = dialog_of(main).rows["timeout_seconds"]
        assert row.text() == "7" and row.note.text() == "from CODEMENTOR_TIMEOUT"
        assert "wins over the settings file" in row.note.toolTip()
    finally:
        for shown in main.findChildren(SettingsDialog):
            shown.reject()
        main.close()
        services.close()
