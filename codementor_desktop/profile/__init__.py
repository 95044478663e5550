"""The learner's profile: mastery per weakness pattern and per topic learnt from their evidence,
their progress, and the recommender that picks what to practise next. Qt-free and storage-free:
it works on the records of ``domain.learner_evidence`` and on problems' facts."""
