#!/usr/bin/env python3
# The generator of these fixtures is Scripts/generate-cli-fixtures.py (Scripts/regenerate.sh runs every generator);
# this file only calls it. KeyCommandTests also reads this file as a text that names a PEM block without holding
# one: "-----BEGIN PUBLIC KEY-----" alone on a line below, with no body, must be "not a usable PEM public key".
#
# -----BEGIN PUBLIC KEY-----
# -----END PUBLIC KEY-----
import os, runpy
runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts", "generate-cli-fixtures.py"),
               run_name="__main__")
