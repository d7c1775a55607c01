// The words documents use for the same field or label in the languages we read: "monnaie" is a table's "currency",
// "Nabywca" an invoice's "buyer", "正式" a header's "Formal". Matched like the names of cross-language.ts.

/*
 * A question in one language about a document in another meets the document's labels and column names, which are
 * common words, not names: they do not keep their sound across languages ("currency" / "monnaie" / "валюта"), and
 * the platform's ICU data does not name them. So the vocabulary of records (invoices, forms, tables of countries,
 * price lists) is listed here, one concept a line, in English, French, German, Spanish, Italian, Portuguese, Dutch,
 * Polish, Russian, Bulgarian, Ukrainian, Chinese, Japanese and Arabic. Only general field words belong here, never a
 * word of one document. Each word is matched as cross-language.ts matches names (on its skeleton, inflections by a
 * shared start), and only between a question and a passage in different languages.
 */

export const GLOSSARY: readonly (readonly string[])[] = [
  "currency monnaie devise währung moneda divisa valuta moeda munt waluta валюта валута 货币 貨幣 通貨 عملة",
  "price prix preis precio prezzo preço prijs cena цена ціна 价格 價格 価格 سعر",
  "buyer purchaser acheteur käufer comprador acquirente koper nabywca покупатель купувач покупець 买方 購入者 المشتري",
  "seller vendor vendeur verkäufer vendedor venditore verkoper sprzedawca продавец продавач продавець 卖方 販売者 البائع",
  "paid payment payé paiement bezahlt zahlung pagado pagato pagamento betaald zapłaty zapłacono płatność оплата оплачено платено 付款 支付 支払 مدفوع",
  "total gesamt summe totale totaal razem итого общо 合计 总计 合計 المجموع",
  "net netto nett neto нетто 净额",
  "gross brut brutto bruto lordo брутто 毛额",
  "official formal officiel formel offiziell förmlich oficial ufficiale formale officieel oficjalny formalny официальный официален офіційний 正式 رسمي",
  "name nom nombre nome naam nazwa imię имя название наименование име назва 名称 名字 国名 名前 اسم",
  "capital capitale hauptstadt hoofdstad stolica столица столиця 首都 عاصمة",
  "language langue sprache idioma lengua lingua língua taal język язык език мова 语言 言語 لغة",
  "code código codice kod код 代码 代碼 コード رمز",
  "date datum fecha data дата 日期 日付 تاريخ",
  "invoice facture rechnung factura fattura fatura factuur faktura фактура 发票 請求書 فاتورة",
  "quantity quantité menge anzahl cantidad quantità quantidade hoeveelheid ilość количество 数量 كمية",
  "amount montant betrag importe importo montante bedrag kwota сумма сума 金额 金額 مبلغ",
  "deadline échéance fälligkeit vencimiento scadenza vencimento termin срок 期限 截止 موعد",
  "tax taxe steuer impuesto imposta imposto belasting podatek налог данък податок 税 ضريبة",
  "address adresse dirección indirizzo endereço adres адрес адреса 地址 住所 عنوان",
  "population bevölkerung población popolazione população bevolking ludność население населення 人口 سكان",
  "telephone téléphone telefon teléfono telefono telefone телефон 电话 電話 هاتف",
].map((line) => line.split(" "));
