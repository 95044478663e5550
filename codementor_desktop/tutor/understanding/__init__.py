"""Understanding a learner without a model: what a message wants and what it names, read against
the problem's own vocabulary (its techniques, hints and the names in the learner's code)."""

from .reading import Expectation, Reading, read
from .repeats import near_repeat, similarity
from .vocabulary import LEXICON, Concept, Vocabulary, code_names
from .wants import Want

__all__ = [
    "LEXICON",
    "Concept",
    "Expectation",
    "Reading",
    "Vocabulary",
    "Want",
    "code_names",
    "near_repeat",
    "read",
    "similarity",
]
