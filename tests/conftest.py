"""Settings for the whole suite.

Hypothesis profiles: `ci` (what scripts/test.sh runs) draws the same examples on every run
(`derandomize`), so a property test fails on a real bug, never by the luck of one run's draw;
`dev` is Hypothesis' own randomised search, for looking further. Choose with
HYPOTHESIS_PROFILE; without it, `dev`.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
