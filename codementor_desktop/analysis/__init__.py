"""Code pattern analysis: what is wrong with a solution, how it grows, how it reads.

``analyze(code, language, problem=None, test_results=None, history=None)`` returns the spec's
``analyze_code_patterns`` result. Python is read through ``ast``, JavaScript through tree-sitter
with its JavaScript grammar; both are lowered to one small program model (``program``) so that
each detector is written once.

The spec speaks of "ML classification". Here the classifiers are rule-based detectors (one
module per idea in ``detectors``) whose confidence is learned: each rule's base rate is fitted
on a labelled corpus of flawed and near-miss solutions as (right detections / detections), with
a Beta prior so that a rarely seen rule is not trusted blindly (``calibration``), and is then
moved by evidence in log-odds: failing or passing tests on empty and one-item inputs, an
``IndexError`` or a time-out, the problem's constraints and optimal complexity, the same error
in earlier attempts (``confidence``). Refitting on a larger corpus is the retraining. Results
under 0.6 are marked ``uncertain``, as the spec asks.

Complexity has three sources: the structure (``complexity_static``), the problem bank's
documented optimum (or an ``optimal_solution``), and a measurement (``complexity_measured``):
``measure_plan(problem)`` says which sizes of the problem's worst-case generator to run in the
child, and ``fit_complexity(sizes, counts)`` fits the candidate classes to the counted
operations. Quality metrics are in ``metrics``. Nothing here imports Qt or runs learner code.
"""

from __future__ import annotations

from .analyze import analyze
from .complexity_measured import fit_complexity, measure_plan

__all__ = ["analyze", "fit_complexity", "measure_plan"]
