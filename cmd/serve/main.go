// Command serve serves the browser app (web/) and the share service (package share) on the
// loopback interface only, for `make run` and the browser tests. It refuses any address
// that is not loopback, so the emulator never listens on the network by accident. With
// -rom FILE the page starts on that ROM instead of the built-in one (share/defaultrom).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"x16scope/share"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

// run serves until ctx is cancelled (SIGINT/SIGTERM), then shuts down gracefully:
// requests in flight (an upload being written) finish, new ones are refused.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "loopback `host:port` to listen on (port 0 picks a free one)")
	port := fs.Int("port", -1, "listen on 127.0.0.1:`PORT` (overrides -addr)")
	dir := fs.String("dir", "web", "`folder` to serve")
	data := fs.String("data", "", "keep shared captures as files in `DIR` (created if missing; default: in memory, lost at exit)")
	var mounts mountList
	fs.Var(&mounts, "mount", "serve a further `PREFIX=FOLDER` under URL path /PREFIX/ (repeatable; the browser tests mount their test programs)")
	romFile := fs.String("rom", "", "the page starts on the ROM image in `FILE` for every visitor (default: the built-in ROM)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *port >= 0 {
		*addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(*port))
	}
	if err := checkLoopback(*addr); err != nil {
		return err
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		return fmt.Errorf("%s is not a folder (run from the repository root)", *dir)
	}
	rom, err := loadDefaultROM(*romFile)
	if err != nil {
		return err
	}
	var store share.Store = share.NewMemStore()
	where := "in memory"
	if *data != "" {
		fsStore, err := share.NewFileStore(*data)
		if err != nil {
			return fmt.Errorf("-data: %w", err)
		}
		store, where = fsStore, "in "+*data
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	static := newHandler(*dir, mounts...)
	// The first line names the URL, so scripts (and the browser tests) can read the port.
	fmt.Fprintf(stdout, "serving %s on http://%s/ (captures %s%s)\n", *dir, ln.Addr(), where, rom.describe())
	log.SetOutput(stderr)
	srv := &http.Server{
		Handler:           &share.Handler{Store: store, Static: rom.handler(static)},
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		ErrorLog:          log.New(stderr, "serve: ", 0),
	}
	go static.warm()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "serve: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// mount is one extra folder served under a URL prefix.
type mount struct{ prefix, dir string }

type mountList []mount

func (m *mountList) String() string { return fmt.Sprint(*m) }

func (m *mountList) Set(v string) error {
	prefix, dir, ok := strings.Cut(v, "=")
	prefix = strings.Trim(prefix, "/")
	if !ok || prefix == "" || dir == "" {
		return fmt.Errorf("want PREFIX=FOLDER, got %q", v)
	}
	*m = append(*m, mount{prefix, dir})
	return nil
}

// checkLoopback accepts only addresses on the loopback interface (127.0.0.0/8, ::1,
// localhost).
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %v", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("address %q is not loopback: serve listens on 127.0.0.1 or ::1 only", addr)
	}
	return nil
}
