package sdcard

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// StateVersion is the version of AppendState's layout.
const StateVersion = 1

// stateSize is the encoded size of a card's protocol state.
const stateSize = 16 + 6 + 6 + 4 + 4 + len(Card{}.data) + 2 + 2 + 2

// AppendState appends the card's protocol state (not its image: see Image.Snapshot and
// AppendBlocks) to b.
func (c *Card) AppendState(b []byte) []byte {
	var flags uint16
	for i, f := range []bool{c.selected, c.spiMode, c.idle, c.ready, c.appCmd, c.crcOn, c.if8, c.multi, c.readOnly} {
		if f {
			flags |= 1 << i
		}
	}
	b = binary.LittleEndian.AppendUint16(b, flags)
	b = append(b, c.polls, c.status2, c.cmdLen, c.mode, c.respLen, c.respPos)
	b = append(b, make([]byte, 8)...) // reserved
	b = append(b, c.cmd[:]...)
	b = append(b, c.resp[:]...)
	b = append(b, c.out, 0, 0, 0) // reserved after out
	b = binary.LittleEndian.AppendUint32(b, c.lba)
	b = append(b, c.data[:]...)
	b = binary.LittleEndian.AppendUint16(b, c.dataLen)
	b = binary.LittleEndian.AppendUint16(b, c.dataPos)
	b = binary.LittleEndian.AppendUint16(b, c.busy)
	return b
}

// LoadState restores a state written by AppendState into c (whose image and read-only
// flag stay: they belong to the card in the slot, not to the state).
func (c *Card) LoadState(b []byte) error {
	if len(b) != stateSize {
		return fmt.Errorf("sdcard state: %d bytes, want %d", len(b), stateSize)
	}
	n := *c
	flags := binary.LittleEndian.Uint16(b)
	f := func(i int) bool { return flags&(1<<i) != 0 }
	n.selected, n.spiMode, n.idle, n.ready, n.appCmd, n.crcOn, n.if8, n.multi = f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7)
	n.polls, n.status2, n.cmdLen, n.mode, n.respLen, n.respPos = b[2], b[3], b[4], b[5], b[6], b[7]
	o := 16
	copy(n.cmd[:], b[o:])
	o += 6
	copy(n.resp[:], b[o:])
	o += 6
	n.out = b[o]
	o += 4
	n.lba = binary.LittleEndian.Uint32(b[o:])
	o += 4
	o += copy(n.data[:], b[o:])
	n.dataLen = binary.LittleEndian.Uint16(b[o:])
	n.dataPos = binary.LittleEndian.Uint16(b[o+2:])
	n.busy = binary.LittleEndian.Uint16(b[o+4:])
	if n.cmdLen >= 6 || n.mode > modeWriteData || n.respLen > uint8(len(n.resp)) || n.respPos > n.respLen ||
		int(n.dataLen) > len(n.data) || n.dataPos > max(n.dataLen, BlockSize+2) {
		return errors.New("sdcard state: fields out of range")
	}
	*c = n
	return nil
}

// AppendBlocks appends the image's written blocks (a count, then each block's number and
// bytes), so a state file carries the card as the program left it.
func (im *Image) AppendBlocks(b []byte) []byte {
	list := im.Changed()
	b = binary.LittleEndian.AppendUint32(b, uint32(len(list)))
	for _, n := range list {
		b = binary.LittleEndian.AppendUint32(b, n)
		b = append(b, im.changed[n].data[:]...)
	}
	return b
}

// AppendTouched is AppendBlocks for the blocks read or written since TrackReads, as they
// were then: what a replay of that stretch from its start reads.
func (im *Image) AppendTouched(b []byte) []byte {
	list := im.Touched()
	b = binary.LittleEndian.AppendUint32(b, uint32(len(list)))
	for _, n := range list {
		b = binary.LittleEndian.AppendUint32(b, n)
		b = append(b, im.touched[n][:]...)
	}
	return b
}

// LoadBlocks writes blocks encoded by AppendBlocks into the image.
func (im *Image) LoadBlocks(b []byte) error {
	if len(b) < 4 {
		return errors.New("sdcard blocks: truncated")
	}
	count := binary.LittleEndian.Uint32(b)
	b = b[4:]
	if uint64(count)*(4+BlockSize) != uint64(len(b)) {
		return fmt.Errorf("sdcard blocks: %d blocks in %d bytes", count, len(b))
	}
	for range count {
		n := binary.LittleEndian.Uint32(b)
		if n >= im.Blocks() {
			return fmt.Errorf("sdcard blocks: block %d is past the %d-block image", n, im.Blocks())
		}
		im.WriteBlock(n, (*block)(b[4:4+BlockSize]))
		b = b[4+BlockSize:]
	}
	return nil
}
