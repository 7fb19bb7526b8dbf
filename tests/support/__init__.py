"""Test-only support code: the PTO2 runtime API header (compile check) and the recording
implementation of that API (execution check). See docs/testing.md."""
