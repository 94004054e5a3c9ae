set CrossFire::cardDataBase {
    {Bib's set 7}
    {OH7   1 {} 13 1 0 {Obsidian Citadel} {Each time a harmful event is played on this player's formation or pool, search the discard pile for an ally or magical item and place it in the hand.} V {} {} {} 1}
    {OH7   2 {}  8  5 0 {Tom's Toxic Tower} {The toxic gas emanating from this tower substracts 5 levels to every attacking champion and prevents halfling and Kender from attacking the attached realm.} V {} {}}
}
