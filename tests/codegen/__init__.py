"""Tests of kilnc, the schema compiler; run from the repository root with
/usr/bin/python3 -m unittest discover -s tests/codegen -t ."""
