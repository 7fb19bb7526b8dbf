// expected: 3:1: error: 'func.func' op property 'function_type' expected in operation 'func.func'
// A generic func.func without its function_type property (its func.return is verified first).
"func.func"() <{sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> ()
