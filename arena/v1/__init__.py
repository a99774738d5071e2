"""Generated protocol code (proto/arena/v1). Do not edit: run proto/generate.py."""
