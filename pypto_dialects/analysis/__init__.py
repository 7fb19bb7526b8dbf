"""Analyses shared by the passes and the C++ printer."""
