"""The problem bank: problem files, their validation, loading and search."""
