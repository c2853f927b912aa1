#!/bin/sh
# The debug adapter: x16scope must be on the PATH.
exec x16scope dap
