package session

import "testing"

// A card holding a collection (folders of programs with their AUTOBOOT.X16, as the starter
// kit's card) opens the launcher on the built-in ROM: each program starts in its folder on
// the card, the whole card on device 8 (CD:/OTHER reaches the rest), and going back lists
// them again.
func TestCardCollectionBuiltinROM(t *testing.T) {
	s := newSession(t)
	img, _, err := CardFromFiles(cdrootCollection(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.InsertCard(img, false); err != nil {
		t.Fatal(err)
	}
	if n := len(s.Collection()); n != 3 {
		t.Fatalf("the card's collection lists %d programs, want 3", n)
	}
	if err := s.StartProgram("GAMES/A"); err != nil {
		t.Fatal(err)
	}
	if s.StartDir() != "GAMES/A" {
		t.Errorf("started in %q, want GAMES/A", s.StartDir())
	}
	runToDone(t, s, 200)
	checkLoads(t, s, 0x11)
	if err := s.BackToCollection(); err != nil {
		t.Fatal(err)
	}
	if err := s.StartProgram("GAMES/B"); err != nil {
		t.Fatal(err)
	}
	runToDone(t, s, 200)
	checkLoads(t, s, 0x33)

	// a card of one program is no collection; taking the card out ends the list
	if err := s.InsertCard(nil, false); err != nil {
		t.Fatal(err)
	}
	if s.Collection() != nil {
		t.Errorf("the card is out, yet %d programs are listed", len(s.Collection()))
	}
}
