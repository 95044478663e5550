"""The learner's plan (BluePrint) in the window: the Plan tab beside the statement, its anchors in
the editor's margin, and Debug my plan."""
