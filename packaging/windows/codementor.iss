; Inno Setup 6 script: installs the one-folder build (dist\CodeMentor\) for the current user by
; default, with a Start-menu entry and an uninstaller. Build on Windows, from the project folder,
; after `uv run pyinstaller packaging/windows/codementor-windows.spec --noconfirm`:
;
;   $v = uv run python packaging/windows/version_info.py --print-version
;   iscc /DAppVersion=$v packaging\windows\codementor.iss
;
; The result is dist\installer\CodeMentor-<version>-setup.exe. Signing: packaging/SIGNING.md.

#ifndef AppVersion
  #error Pass the package's version: iscc /DAppVersion=0.1.0 (version_info.py --print-version prints it)
#endif

#define AppName "CodeMentor"
#define AppExe "CodeMentor.exe"
; Paths below are relative to this script's folder (packaging\windows).
#define Root "..\.."

[Setup]
; The AppId names the installation to Windows: upgrades and the uninstaller find it by this. Never change it.
AppId={{71046717-2F78-44E7-99AC-D9A9349A0D8C}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=CodeMentor
AppComments=Practise coding-interview problems offline
; Per user by default: a learner without administrator rights can install it; a lab's
; administrator can choose "all users" in the dialog or with /ALLUSERS on the command line.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; The wheels of pyside6-scintilla are built for 64-bit x86 only; Qt 6 needs Windows 10 (1809) or later.
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0.17763
SetupIconFile=codementor.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName} {#AppVersion}
OutputDir={#Root}\dist\installer
OutputBaseFilename={#AppName}-{#AppVersion}-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; The whole one-folder build: the exe, Python, Qt and its plugins, Scintilla, resources\ (with the
; third-party notices). The frozen app starts itself as `CodeMentor.exe --child` to run code.
Source: "{#Root}\dist\CodeMentor\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

; The uninstaller removes what [Files] installed and nothing else: the learner's history and
; settings live in their profile's AppData, so a reinstall finds them.
