// Command serve serves the browser app (web/) on the loopback interface only, for
// `make run` and the browser tests. It refuses any address that is not loopback, so the
// emulator never listens on the network by accident.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "loopback `host:port` to listen on (port 0 picks a free one)")
	dir := fs.String("dir", "web", "`folder` to serve")
	var mounts mountList
	fs.Var(&mounts, "mount", "serve a further `PREFIX=FOLDER` under URL path /PREFIX/ (repeatable; the browser tests mount their test programs)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkLoopback(*addr); err != nil {
		return err
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		return fmt.Errorf("%s is not a folder (run from the repository root)", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	// The first line names the URL, so scripts (and the browser tests) can read the port.
	fmt.Printf("serving %s on http://%s/\n", *dir, ln.Addr())
	log.SetOutput(stderr)
	return http.Serve(ln, newHandler(*dir, mounts...))
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

// newHandler serves a folder with caching off, so a rebuilt wasm is always picked up.
// http.FileServer already sends .wasm as application/wasm, which streaming compilation
// needs.
func newHandler(dir string, mounts ...mount) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(dir)))
	for _, m := range mounts {
		p := "/" + m.prefix + "/"
		mux.Handle(p, http.StripPrefix(p, http.FileServer(http.Dir(m.dir))))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		mux.ServeHTTP(w, r)
	})
}
