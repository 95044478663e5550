"""CodeMentor Desktop: practise coding problems with a judge, a visual debugger and a tutor."""

__version__ = "0.1.0"
