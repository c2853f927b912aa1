@echo off
rem The debug adapter: x16scope must be on the PATH.
x16scope dap
