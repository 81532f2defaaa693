"""`python3 -m contactsim STUDY.json --out results.csv`: the same as `-m contactsim.study`."""
import sys

from .study import main

sys.exit(main())
