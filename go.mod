module x16scope

go 1.26.0

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/diskfs/go-diskfs v1.9.4
	github.com/google/go-dap v0.12.0
	github.com/google/pprof v0.0.0-20261105003125-4bf881d7fb0b
	github.com/hajimehoshi/ebiten/v2 v2.9.9
	github.com/syumai/workers v0.33.0
	honnef.co/go/js/dom/v2 v2.0.0-20250304181735-b5e52f05e89d
)

require (
	github.com/ebitengine/gomobile v0.0.0-20250923094054-ea854a63cce1 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/oto/v3 v3.4.0 // indirect
	github.com/ebitengine/purego v0.9.0 // indirect
	github.com/elliotwutingfeng/asciiset v0.0.0-20260129054604-cfde2086bc57 // indirect
	github.com/jezek/xgb v1.1.1 // indirect
	golang.org/x/sync v0.17.0 // indirect
	golang.org/x/sys v0.43.0 // indirect
)
