/**
 * Some of the most common passwords of at least 8 characters, from public breach corpora
 * (the top of the RockYou / SecLists "most common" lists), compared case-insensitively.
 * Shorter ones are refused by the length rule already. ASVS 6.2.4 asks for the top 3000; this
 * list covers the head of the distribution, where nearly all guessing succeeds.
 */
const list = `
password 12345678 123456789 1234567890 12345678910 123123123 987654321 9876543210 11111111
111111111 1111111111 00000000 000000000 0000000000 88888888 66666666 99999999 77777777 55555555
22222222 33333333 44444444 12341234 11223344 12121212 13131313 112233445566 123456123456
147258369 159753456 123654789 741852963 963852741 789456123 1234554321 1234512345 123321123
1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1xsw2 qazwsxedc qwertyuiop
qwerty123 qwerty12345 qwerty1234 qwertyui qwertyu1 qwer1234 asdfghjkl asdfasdf asdf1234
zxcvbnm1 zxcvbnm123 zxcvbnmasdfghjkl 1234qwer 123qweasd 123qweasdzxc qweasdzxc qweqweqwe
abc12345 abcd1234 abcdefgh abcdefg1 abc123456 a1234567 a12345678 aa123456 aaaaaaaa
password password1 password12 password123 password1234 password12345 password123456
passw0rd p@ssw0rd p@ssword pa55word pa55w0rd passwort motdepasse contraseña senha123
letmein1 letmein123 welcome1 welcome123 welcome2024 welcome2025 changeme changeme123
iloveyou iloveyou1 iloveyou2 iloveyou123 iloveu123 loveyou1 lovelove lovely123 sweetheart
sunshine sunshine1 princess princess1 princesa football football1 baseball baseball1
basketball soccer123 hockey123 superman superman1 batman123 spiderman starwars starwars1
whatever whatever1 trustno1 dragon123 master123 mastermind michael1 jennifer jessica1
michelle samantha ashley123 charlie1 charlie123 jordan23 jordan123 liverpool liverpool1
chelsea1 arsenal1 manchester barcelona realmadrid computer computer1 internet corvette
mercedes maverick mustang1 ferrari1 porsche1 yankees1 cowboys1 steelers eagles12 lakers24
chocolate butterfly butterfly1 pokemon1 pokemon123 naruto123 minecraft minecraft1 fortnite
roblox123 nintendo playstation xbox3601 pepper123 cookie123 monkey123 monkey12 dolphins
elephant snowball snoopy12 tigger12 hello123 hello1234 helloworld hellokitty freedom1
freedom123 blessed1 jesus123 jesuschrist christ12 angel123 angels12 heaven12 forever1
forever21 family12 friends1 friendship bestfriend babygirl babygirl1 babyboy1 daniel12
anthony1 alexander alexandra victoria veronica patricia isabella elizabeth katherine
jonathan nicholas benjamin christopher christian william1 thomas12 richard1 robert12
matthew1 justin12 andrew12 joshua12 austin12 taylor12 hunter12 summer12 summer2024
winter12 spring12 autumn12 january1 february october1 november december1 monday12 sunday12
qwerty12 qwertyqwerty 1234abcd abcdabcd aaaa1111 a1b2c3d4 a1b2c3d4e5 1a2b3c4d zxcvbnm12
asdfghjk asdfghjkl1 poiuytrewq lkjhgfdsa mnbvcxz1 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6
1qaz2wsx3edc 1qaz!qaz 1q2w3e4r! !qaz2wsx qwerty!@# !@#$%^&* !@#$%^&*() 1234!@#$ 12345!@#
admin123 admin1234 administrator adminadmin root1234 rootroot toor1234 default1 guest123
test1234 testtest test12345 tester123 testing1 testing123 demo1234 user1234 username
login123 secret12 secret123 security letmeinnow access14 access123 qazwsx123 zaqxswcde
shadow12 killer12 hunter123 ranger12 soldier1 warrior1 thunder1 phoenix1 dragonfly
blink182 linkin12 metallica nirvana1 slipknot eminem12 rockstar rockyou1 superstar
moneymaker money123 money1234 bigmoney makemoney dollars1 million1 richman1 success1
computer123 samsung1 samsung123 iphone12 apple123 google123 facebook facebook1 twitter1
instagram youtube1 linkedin microsoft windows1 windows10 linux123 ubuntu123 oracle123
mysql123 postgres database server123 network1 wireless internet1 ihateyou fuckyou1
asshole1 bitch123 whatever123 nothing1 anything someone1 somebody everything 123abc123
abc123abc 1234567a 12345678a 123456789a a123456789 1234567q 12345qwert 12345abc 123456abc
123456qwe 123qwe123 qwe123qwe 0987654321 09876543 1029384756 1234567890a 12345678910a
aaaaaaaaa aaaaaaaaaa zzzzzzzz xxxxxxxx qqqqqqqq wwwwwwww iloveyou! password! password1!
p4ssw0rd p455w0rd passw0rd1 p@ssw0rd1 p@$$w0rd passpass passpass1 mypassword mypassword1
newpassword newpass1 newpass123 oldpassword temppass temp1234 temporary changeit
letmein! welcome! qwerty1! abc123!! hello1!! lovelove1 iloveyou12 iloveyou1! 520131400
5201314520 woaini1314 woaini520 1314520520 a5201314 aini1314 qq123456 qq123456789
xiaoming wangyang zhang123 li123456 anhyeuem emyeuanh matkhau123 matkhau1 123456aA
`;

export const commonPasswords: ReadonlySet<string> = new Set(
  list
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => entry.toLowerCase()),
);
