package vera

// renderState is the renderer's private state (placeholder being replaced by the renderer).
type renderState struct{}
