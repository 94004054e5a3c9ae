set CrossFire::cardDataBase {
    {Portuguese Edition}
    {POR   7 2 13 1 0 {Ilhas MoonShae} {As Moonshae podem se defender a si mesmas como um monstro de nível 2. Todos os aliados ganham 3 níveis ao defender as Moonshae.} M Costa. {5 31} {} 1}
    {POR  97 ? 10 1 0 Convocação {O jogador examina sua pilha de saque, de baixo para cima. O primeiro aliado que aparecer é convocado para a batalha.} R {} {32 33} {1 2 d9 o9} 1}
}
