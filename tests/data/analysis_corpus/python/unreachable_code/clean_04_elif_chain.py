# must: none
# must_not: *
def grade(score):
    if score >= 90:
        label = "A"
    elif score >= 80:
        label = "B"
    else:
        return "C"
    return label
