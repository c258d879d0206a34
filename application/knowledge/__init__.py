"""Knowledge: how documents' text is cut into chunks for the index (issue 18)."""
