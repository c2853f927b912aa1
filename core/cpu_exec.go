package core

// Step executes one instruction (placeholder being replaced).
func (c *CPU) Step() uint8 { op := c.b.read(c.PC); c.PC++; return op }

// Interrupt runs an interrupt entry sequence through the given vector (placeholder).
func (c *CPU) Interrupt(vector uint16) {}
