// Command x16scope runs Commander X16 programs headless: the same machine and profiler as
// the browser app, for scripts and CI.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: x16scope <command> [flags]

commands:
  run FILE.PRG      run a program headless and print the final machine state
  profile FILE.PRG  run a program with the profiler and print its frame-budget report
  dap               serve the Debug Adapter Protocol (editors: source-level debugging)
  help              show this text

Run "x16scope <command> -h" for a command's flags.
`

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs one subcommand and returns the process exit code.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "run":
		err = runMain(args[1:], stdout, stderr)
	case "profile":
		err = profileMain(args[1:], stdout, stderr)
	case "dap":
		err = dapMain(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "x16scope: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if err != nil {
		if code, ok := err.(exitCode); ok {
			return int(code)
		}
		fmt.Fprintf(stderr, "x16scope %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

// exitCode is returned by a command that has already reported its outcome and only needs
// the process to exit with a given status (flag parse errors, failed budgets).
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }
