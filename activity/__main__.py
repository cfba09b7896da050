import sys

from activity.cli import main

sys.exit(main())
