set CrossFire::cardDataBase {
    Inquisition
    {IQ   20 ? 10 7 0 {Dragon Mountain Kobold} {Limit per deck: Up to the Maximum number of champions per deck.  Immune to Rule of the Cosmos. Adjusted level is equal to the number of Dragon Mountain Kobolds in play.  If Infryana and Dragon Mountain are in play and belong to the same player, all Dragon Mountain Kobolds in play go to that players pool.  If either leave play, then all Kobolds in play are discarded.} C {No limit per deck.} {25 32 33} {} 1}
}
