set CrossFire::cardDataBase {
    {Third Edition}
    {3rd  53 3 7 1 0 Adventurers! {Can use cleric and wizard spells.} C {} {1 32 33} {1 2 d4 o4 d9 o9 d18 o18 d19 o19} 1}
    {3rd  54 +4 1 0 0 {War Party} {If more than two of this card are involved in one round of combat (on either side), each war party receives an additional +4 for each war party in play. No limit per deck.} C {} {28 33} {} 1}
    {3rd  58 +4 1 0 0 {Armies of Bloodstone} {This ally can "save" a champion - the player can withdraw his champion from combat and continue with a new one (allies and spells are discarded). The "rescued" champion cannot attack or defend until this player's next turn.} UC {} 33 {} 1}
    {3rd  63 4 5 1 0 {Karlott the Shaman} {Must remain in his pool for one turn; after that, he may be discarded to the Abyss to retrieve a used event to the player's hand.} UC {...may be discarded 
to the Abyss to retrieve an event...} {32 33} {1 2 d9 o9 d4 o4} 1}
    {3rd 256 +2 1 0 0 {Nomad Mercenaries} {Can be played any time to participate in another player's battle; level rises to 6. Regardless of the outcome, the mercenaries return to this player, who receives no spoils. Limit 3 per deck.} C Dwarf. {12 33} {} 1}
}
