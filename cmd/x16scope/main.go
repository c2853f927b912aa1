// Command x16scope runs Commander X16 programs headless: the same machine and profiler as
// the browser app, for scripts and CI.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"x16scope/session"
)

const usage = `usage: x16scope <command> [flags]

commands:
  run FILE.PRG      run a program headless and print the final machine state
  run --resume F    go on from a capture (.x16c) or save state instead of a program
  profile FILE.PRG  run a program with the profiler and print its frame-budget report
  dap               serve the Debug Adapter Protocol (editors: source-level debugging,
                    stepping backwards too)
  version           print the version of this build (also --version)
  help              show this text

FILE is a .prg, or a .zip holding a program and its data files (device 8), or a .zip or
folder of many programs (a collection, as the starter kit): --list prints its programs,
--start PATH runs one in its own folder with the whole collection on device 8.
Frame numbers count from power-on everywhere (--frames, --capture-at, --keys, the reports),
resumed runs too: run --resume F --frames N ends at frame N, which must come after the
captured frame.
Run "x16scope <command> -h" for a command's flags.

exit status: 0 the program ran its --frames (returned to READY or not) or exited at $FFFF, 1 error, 2 usage (a bad flag or
value), 3 over --max-p99 (profile), 4 stopped on STP, 5 BRK loop, 6 hung (a jump to itself
with interrupts masked, or the I/O page or empty ROM executed), 7 not returned within
--frames with --want-return.
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
	case "version", "--version", "-version":
		fmt.Fprintf(stdout, "x16scope %s\n", session.Version())
		return 0
	default:
		fmt.Fprintf(stderr, "x16scope: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if err != nil {
		var l listed
		if errors.As(err, &l) {
			if l.ok {
				fmt.Fprintln(stdout, l.text)
				return 0
			}
			fmt.Fprintf(stderr, "x16scope %s: FILE is a collection of programs: name the one to run with --start\n%s\n", args[0], l.text)
			return 2
		}
		if code, ok := err.(exitCode); ok {
			return int(code)
		}
		if isUsage(err) {
			fmt.Fprintf(stderr, "x16scope %s: %v (x16scope %s -h lists the flags)\n", args[0], err, args[0])
			return 2
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
