package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"

	"github.com/google/go-dap"
)

// `x16scope dap`: a Debug Adapter Protocol server, so editors (VS Code and others) debug
// X16 programs at the source level. It speaks DAP over stdin/stdout, or with --port over
// TCP on 127.0.0.1 (one session at a time, for as long as it runs).
//
// One goroutine reads and decodes messages; the session (dap_session.go, on a
// session.Session, which also steps it backwards: dap_reverse.go) owns the machine and
// handles them one at a time, running frames between them while the program runs.

func dapMain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("dap", flag.ContinueOnError)
	fs.SetOutput(stderr)
	port := fs.Int("port", -1, "serve on TCP `PORT` of 127.0.0.1 (0 picks a free port) instead of stdin/stdout")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: x16scope dap [--port N]\n\nA Debug Adapter Protocol server: launch a PRG with its ld65 debug file (ld65 --dbgfile)\nand debug it from an editor, forwards and backwards (stepBack, reverseContinue over the\nlast 60 s). See README.md, \"Debugging\".")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitCode(0)
		}
		return exitCode(2)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if *port < 0 {
		return serveDAP(os.Stdin, stdout, stderr)
	}
	if *port > 65535 {
		return fmt.Errorf("--port %d: want 0-65535", *port)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(*port))
	if err != nil {
		return err
	}
	defer ln.Close()
	fmt.Fprintf(stderr, "x16scope dap: listening on %s\n", ln.Addr())
	for {
		conn, err := ln.Accept()
		if err != nil {
			return err
		}
		if err := serveDAP(conn, conn, stderr); err != nil {
			fmt.Fprintf(stderr, "x16scope dap: session: %v\n", err)
		}
		conn.Close()
	}
}

// PerfStatsRequest is the custom request "x16/perfStats": the profiler's figures, the same
// object as the page's perfStats() and `x16scope profile --json`.
type PerfStatsRequest struct {
	dap.Request
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// PerfStatsResponse answers it; Body is a perf.Stats.
type PerfStatsResponse struct {
	dap.Response
	Body any `json:"body"`
}

const perfStatsCommand = "x16/perfStats"

// initializeResponse is the initialize request's answer: the capabilities, and the
// version of this build beside them (clients ignore what they do not know; a debug log
// then names the build).
type initializeResponse struct {
	dap.Response
	Body initializeBody `json:"body"`
}

type initializeBody struct {
	dap.Capabilities
	X16scopeVersion string `json:"x16scopeVersion"`
}

func newDAPCodec() *dap.Codec {
	c := dap.NewCodec()
	c.RegisterRequest(perfStatsCommand,
		func() dap.Message { return &PerfStatsRequest{} },
		func() dap.Message { return &PerfStatsResponse{} })
	registerCallRequests(c)
	return c
}

// inMessage is one message read, or why it could not be decoded (with what the reader
// could still make of it, to answer).
type inMessage struct {
	msg     dap.Message
	err     error
	seq     int
	command string
}

// readDAP decodes messages until the stream ends.
func readDAP(r io.Reader, out chan<- inMessage) {
	defer close(out)
	br := bufio.NewReader(r)
	codec := newDAPCodec()
	for {
		data, err := dap.ReadBaseMessage(br)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				out <- inMessage{err: fmt.Errorf("reading a message: %v", err)}
			}
			return
		}
		msg, err := codec.DecodeMessage(data)
		if err != nil {
			var head struct {
				Seq     int    `json:"seq"`
				Command string `json:"command"`
			}
			json.Unmarshal(data, &head)
			out <- inMessage{err: err, seq: head.Seq, command: head.Command}
			continue
		}
		out <- inMessage{msg: msg}
	}
}

// serveDAP runs one session on a stream until the client disconnects or the stream ends.
func serveDAP(r io.Reader, w io.Writer, log io.Writer) error {
	in := make(chan inMessage, 16)
	go readDAP(r, in)
	s := newDAPSession(w, log)
	return s.loop(in)
}
