set CrossFire::cardDataBase {
    Powers
    {PO   39 12 5 1 1 {Icedawn, Avatar of Auril} {Avatar. A cleric must be discarded to bring Icedawn into play. Icedawn is immune to events, walls, and offensive cleric spells. Limit one avatar per pool.} R {} 32 {1 2 d9 o9 d4 o4} 1}
}
